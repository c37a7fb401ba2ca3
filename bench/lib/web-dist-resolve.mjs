const WRAPPER = new URL("./spa-override.ts", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (
    resolved.url.endsWith("/apps/api/src/http/spa.ts") &&
    context.parentURL !== WRAPPER &&
    process.env.BENCH_WEB_DIST
  ) {
    return { ...resolved, url: WRAPPER };
  }
  return resolved;
}
