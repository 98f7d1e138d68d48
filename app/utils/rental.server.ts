import { z } from "zod";
import {
  createInstance,
  pickCoupons,
  previewListPrice,
  previewRental,
  type ListPriceWire,
  type PickCouponsWire,
  type RentalChoiceFields,
  type RentalPreviewWire,
} from "~/upstream/instances.server";
import { getAvailableCustomImages, type CustomImageWire } from "~/upstream/custom-images.server";
import { getLocalImages, getOfferDetail, type ImageWire } from "~/upstream/market.server";
import { UpstreamError } from "~/upstream/transport.server";
import { compareCuda } from "../../platform/rules/market-filter";
import type { FieldErrors } from "./action.server";
import { formatWireMoney } from "../../platform/rules/money";
import { chosenDuration, DURATION_FIELDS, type RentalChoice } from "./rental-choice";

/** The platform's field names as the rental form names them. */
export const RENTAL_FIELD_ALIASES: Record<string, string> = {
  machine_type: "type",
  region: "region",
  gpu_model: "gpu",
  gpu_count: "gpus",
  image_id: "image",
  billing_mode: "mode",
  coupon_id: "coupon",
};

/** A duration error belongs beside the select of the mode chosen. */
function formField(field: string, choice: RentalChoice): string {
  if (field === "duration") return DURATION_FIELDS[choice.mode];
  return RENTAL_FIELD_ALIASES[field] ?? field;
}

/** The platform's fields of a choice; `coupon` "" leaves the pick to the platform (the best one). */
export function rentalFields(choice: RentalChoice, couponId?: string): RentalChoiceFields {
  const coupon = couponId ?? choice.coupon;
  return {
    machine_type: choice.type,
    region: choice.region,
    gpu_model: choice.gpu,
    gpu_count: choice.gpus,
    image_id: choice.image,
    billing_mode: choice.mode,
    duration: chosenDuration(choice),
    coupon_id: coupon === "" ? undefined : Number(coupon),
  };
}

export interface RentalQuote {
  /** A visitor's quote is the list price only (ListPriceWire): no membership, coupon or wallet. */
  preview: RentalPreviewWire | ListPriceWire | null;
  coupons: PickCouponsWire | null;
  /**
   * The coupon as the form holds it: "" for the best applicable one (chosen
   * again when the order changes), "0" for none, else the CouponId the user
   * picked. The preview priced exactly this.
   */
  coupon: string;
  fieldErrors: FieldErrors;
  formError: string | null;
}

/**
 * What the form shows for a choice: the coupons (best first, the others with
 * their reasons), then the price by the function that charges, with the
 * chosen coupon if it applies, else the best. A refusal of the choice (an
 * offer that does not exist, a count above the free GPUs) comes back beside
 * its field; anything else is the page's error. A visitor (`token` null)
 * gets the list price, with no coupons.
 */
export async function quoteRental(token: string | null, choice: RentalChoice): Promise<RentalQuote> {
  const fieldErrors: FieldErrors = {};
  try {
    if (token === null) {
      const preview = await previewListPrice(rentalFields(choice, "0"));
      return { preview, coupons: null, coupon: "", fieldErrors, formError: null };
    }
    const coupons = await pickCoupons(token, rentalFields(choice, ""));
    const best = coupons.best_coupon_id === null ? "0" : String(coupons.best_coupon_id);
    let coupon = choice.coupon === best ? "" : choice.coupon;
    if (coupon !== "" && coupon !== "0" && !coupons.valid.some((c) => String(c.CouponId) === coupon)) {
      const reason = coupons.all.find((c) => String(c.CouponId) === coupon)?.Reason;
      fieldErrors.coupon = `所选优惠券不可用${reason ? `（${reason}）` : ""}，已改为${best === "0" ? "不使用优惠券" : "最优优惠券"}`;
      coupon = "";
    }
    const preview = await previewRental(token, rentalFields(choice, coupon === "" ? best : coupon));
    return { preview, coupons, coupon, fieldErrors, formError: null };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind !== "refused") throw error;
    if (error.field) fieldErrors[formField(error.field, choice)] = error.reason;
    return { preview: null, coupons: null, coupon: "", fieldErrors, formError: error.field ? null : error.reason };
  }
}

const STALE = "请求有误，请刷新页面后重试";

/** The 立即租用 post beyond the choice: the key made when the form rendered, and an optional name. */
export const RentSchema = z.object({
  operation_key: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{8,64}$/, STALE),
  name: z
    .string()
    .trim()
    .max(30, "实例名称最多 30 个字符")
    .regex(/^[^<>"'`]*$/, "实例名称不能包含 < > \" ' ` 字符")
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** Rents the choice; answers the toast of the dashboard it goes to. Refusals are thrown (UpstreamError). */
export async function rentChoice(token: string, choice: RentalChoice, input: z.infer<typeof RentSchema>) {
  const fields = rentalFields(choice);
  const rented = await createInstance(token, { ...fields, operation_key: input.operation_key, name: input.name });
  const charged = rented.OrderNo
    ? `已扣费 ${formatWireMoney(rented.Price.Amount)}`
    : `按 ${formatWireMoney(rented.Price.Amount)}/时 整点扣费`;
  return rented.Replayed
    ? `该订单已提交过，实例「${rented.Instance.Name}」已在创建`
    : `租用成功，实例「${rented.Instance.Name}」创建中，${charged}`;
}

const MACHINE_TYPE_NAMES = { kvm: "云主机", docker: "容器实例" } as const;

/**
 * "PyTorch 2.5.1 · CUDA 12.4": an image as the select names it; its Python version is said under the select
 * (with it, "TensorFlow 2.16.1 · CUDA 12.3 · Python 3.11" was cut off on a 390 px phone).
 */
export function imageName(image: ImageWire): string {
  return `${image.Framework} ${image.Version} · CUDA ${image.CudaVersion}`;
}

/** "训练环境 · 基于 PyTorch 2.5.1 / CUDA 12.4": one of the caller's images as the select names it. */
export function customImageName(image: CustomImageWire): string {
  return `${image.Name} · 基于 ${image.BaseName}`;
}

/**
 * The offer's names and the images its hosts can run (CUDA not above the
 * offer's newest): the official ones, then a signed-in caller's own available
 * custom images. An offer that does not exist is the page's 404.
 */
async function rentalCatalogue(token: string | null, choice: RentalChoice) {
  const images = getLocalImages();
  images.catch(() => undefined); // awaited below, once the offer is known
  const mine = token
    ? getAvailableCustomImages(token, { machine_type: choice.type, region: choice.region, gpu_model: choice.gpu })
    : Promise.resolve([]);
  mine.catch(() => undefined);
  let offer;
  try {
    offer = await getOfferDetail({ type: choice.type, region: choice.region, gpu: choice.gpu });
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "refused")
      throw new Response("该配置不存在或已下架", { status: 404 });
    throw error;
  }
  const runs = (i: { CudaVersion: string }) => compareCuda(i.CudaVersion, offer.MaxCudaVersion) <= 0;
  const [official, own] = await Promise.all([images, mine]);
  return {
    gpuName: offer.Gpu.Name,
    regionName: offer.Region.Name,
    images: [
      ...official
        .filter(runs)
        .map((i) => ({ id: i.Id, name: imageName(i), python: i.PythonVersion, mine: false, cached: true })),
      ...own.filter(runs).map((i) => ({
        id: i.Id,
        name: customImageName(i),
        python: i.PythonVersion,
        mine: true,
        cached: i.Cached === true,
      })),
    ],
  };
}

/**
 * The rental form's view of a choice: the offer's names, the official images
 * to choose from (the first preselected), and the quote with the coupon and
 * image it used, which is the choice the form then posts.
 */
export async function loadRentalView(token: string | null, choice: RentalChoice) {
  const catalogue = await rentalCatalogue(token, choice);
  const withImage: RentalChoice = {
    ...choice,
    image: catalogue.images.some((i) => i.id === choice.image) ? choice.image : (catalogue.images[0]?.id ?? 0),
  };
  const quote = await quoteRental(token, withImage);
  return {
    offer: { typeName: MACHINE_TYPE_NAMES[choice.type], gpuName: catalogue.gpuName, regionName: catalogue.regionName },
    images: catalogue.images,
    shown: { ...withImage, coupon: quote.coupon },
    quote,
  };
}
