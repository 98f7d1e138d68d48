/**
 * A provider whose module is loaded on its first call, not when the platform is created. The Aliyun SDKs are ~370
 * CommonJS modules (`@alicloud/dysmsapi20170525` alone 255) and took 0.47 s of the 2.3 s it took to import the
 * platform; a platform on the sandbox providers (development, every test file) never calls them, so it never loads
 * them (docs/decisions/121). A failed load is not remembered: the next call tries again.
 */
export function loadOnFirstCall<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
