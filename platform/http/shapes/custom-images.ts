import type { CustomImageListWire, CustomImageWire, ResetOptionsWire } from "../../contract/instances-images";
import type { ResetOptions } from "../../modules/images/reset";
import type { CustomImage, CustomImageList } from "../../modules/images/view";
import { CUSTOM_IMAGE_MAX_COUNT, CUSTOM_IMAGE_MAX_GB } from "../../rules/custom-images";
import { toInstanceWire } from "./instances";

export function toCustomImageWire(i: CustomImage): CustomImageWire {
  return {
    Id: i.id,
    Name: i.name,
    SizeGb: i.sizeGb,
    State: i.state,
    CreatedAt: i.createdAt.toISOString(),
    ReadyAt: i.readyAt.toISOString(),
    BaseName: i.baseName,
    CudaVersion: i.cudaVersion,
    PythonVersion: i.pythonVersion,
    SourceInstanceUuid: i.sourceInstanceUuid,
    SourceInstanceName: i.sourceInstanceName,
  };
}

export function toCustomImageListWire(l: CustomImageList): CustomImageListWire {
  return {
    Images: l.images.map(toCustomImageWire),
    Quota: {
      MaxCount: CUSTOM_IMAGE_MAX_COUNT,
      MaxGb: CUSTOM_IMAGE_MAX_GB,
      UsedCount: l.used.count,
      UsedGb: l.used.sizeGb,
    },
    SavableInstances: l.savable.map((s) => ({ InstanceUuid: s.uuid, Name: s.name })),
  };
}

export function toResetOptionsWire(o: ResetOptions): ResetOptionsWire {
  return {
    Instance: toInstanceWire(o.instance),
    CurrentImageId: o.currentImageId,
    Images: o.images.map((i) => ({ Id: i.id, Name: i.name, Mine: i.mine })),
    Blocked: o.blocked,
  };
}
