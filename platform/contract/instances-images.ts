/**
 * Custom images on the wire (issue 36 §2, decision 088): a stopped instance's
 * system disk saved as an image of the account, listed with the account's
 * quota, renamed and deleted. `Id` is the image's id in the rental form's
 * image_id. Only the caller's own (a sub-account: the ones it saved): anyone
 * else's image is IMAGE_NOT_FOUND, anyone else's instance INSTANCE_NOT_FOUND.
 */
import type { MainApiCall, NoFields } from "./calls";
import type { InstanceRefFields, InstanceWire } from "./instances";

export type CustomImageWire = {
  Id: number;
  Name: string;
  SizeGb: number;
  /** saving: being copied (not offered yet); available: can be rented from. */
  State: "saving" | "available";
  /** ISO 8601. */
  CreatedAt: string;
  /** ISO 8601: when the copy is done (saving). */
  ReadyAt: string;
  /** What it was saved on, e.g. "PyTorch 2.5.1 / CUDA 12.4". */
  BaseName: string;
  CudaVersion: string;
  PythonVersion: string | null;
  SourceInstanceUuid: string;
  SourceInstanceName: string;
};

export type CustomImageListWire = {
  Images: CustomImageWire[];
  /** The whole account's use (its sub-accounts' images included) against its quota. */
  Quota: { MaxCount: number; MaxGb: number; UsedCount: number; UsedGb: number };
  /** The caller's stopped instances: an image can be saved from these now. */
  SavableInstances: { InstanceUuid: string; Name: string }[];
};

export type SaveCustomImageFields = InstanceRefFields & {
  /** 1–30 characters: letters, digits, spaces and . _ - */
  name: string;
  /** The form's key: the same key again answers the first save. */
  operation_key: string;
};

export type CustomImageRefFields = { image_id: number };

/** An offer of the store, as the rental form names it. */
export type OfferFields = { machine_type: string; region: string; gpu_model: string };

/** An image a stopped instance can be reset to. */
export type ResetImageWire = { Id: number; Name: string; Mine: boolean };

export type ResetOptionsWire = {
  Instance: InstanceWire;
  CurrentImageId: number;
  /** Official images its host runs, then the caller's available own ones. */
  Images: ResetImageWire[];
  /** Why it cannot be reset now (not stopped); null when it can. */
  Blocked: string | null;
};

export type ResetSystemWire = {
  Instance: InstanceWire;
  /** system_reset: back to its own image; image_change: to another one. */
  Kind: "system_reset" | "image_change";
  /** The same operation key again: the first reset's answer; nothing was wiped this time. */
  Replayed: boolean;
};

export type CustomImageCalls = {
  /** The images the caller's instance can be reset to (重置系统), and whether it can be now. */
  "/instance/get_reset_system_options": MainApiCall<InstanceRefFields, ResetOptionsWire, "required">;
  /**
   * Replaces a stopped instance's system disk with `image_id` (its own image again, or another): INSTANCE_STATE
   * when not stopped, BAD_REQUEST on image_id for an image that is not the caller's or not available,
   * IMAGE_INCOMPATIBLE when its host's CUDA is older. The data disk stays. The same `operation_key` again answers
   * the first reset (Replayed) and wipes nothing; on another instance it is OPERATION_CONFLICT.
   */
  "/instance/reset_system": MainApiCall<
    InstanceRefFields & { image_id: number; operation_key: string },
    ResetSystemWire,
    "required"
  >;
  /** The caller's images (saving and available), newest first, with the quota and the instances to save from. */
  "/image/get_custom_image_list": MainApiCall<NoFields, CustomImageListWire, "required">;
  /**
   * Only the images that can be rented from now (available), for the rental form; with an offer, whether every
   * host of it with a free GPU holds each already (Cached: it starts without a pull; null without an offer).
   */
  "/image/get_available_custom_images": MainApiCall<
    OfferFields | NoFields,
    { Images: (CustomImageWire & { Cached: boolean | null })[] },
    "required"
  >;
  /**
   * Saves a stopped instance's system disk (INSTANCE_STATE otherwise): IMAGE_QUOTA over the account's
   * quota, IMAGE_NAME_TAKEN for a name in use.
   */
  "/image/save_custom_image": MainApiCall<
    SaveCustomImageFields,
    { Image: CustomImageWire; Replayed: boolean },
    "required"
  >;
  "/image/rename_custom_image": MainApiCall<
    CustomImageRefFields & { name: string },
    { Image: CustomImageWire },
    "required"
  >;
  /** IMAGE_IN_USE while an instance is being created from it. */
  "/image/delete_custom_image": MainApiCall<CustomImageRefFields, { Image: CustomImageWire }, "required">;
};
