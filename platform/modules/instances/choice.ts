import type { BillingMode } from "../../rules/rental-price";

/** What the rental form chooses (the preview, the coupon pick and the rental take it). */
export interface RentalChoice {
  machineType: "kvm" | "docker";
  regionCode: string;
  gpuModelCode: string;
  gpuCount: number;
  imageId: number;
  billingMode: BillingMode;
  /** Days or months of a package; ignored for "hour". */
  duration: number | null;
  /** The coupon to use; 0 for none; undefined for the best applicable one. */
  couponId?: number;
}
