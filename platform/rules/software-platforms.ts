/** The systems a software release is built for (software_releases.platform), as the pages name them. */
export const SOFTWARE_PLATFORM_LABELS = {
  windows: "Windows",
  macos: "macOS",
  linux: "Linux",
  any: "通用",
} as const satisfies Record<string, string>;
