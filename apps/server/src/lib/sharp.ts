import type Sharp from 'sharp';

/**
 * sharp (libvips), imported on first use (issue #7): loading it maps libvips and its codecs, ≈ 20 MiB of
 * resident memory that a server which processes no image until a request asks for one does not need at
 * start. Node caches the module, so later calls cost one resolved promise.
 * @returns sharp's default export (the `sharp(input, options)` constructor)
 */
export async function loadSharp(): Promise<typeof Sharp> {
  const sharp = (await import('sharp')).default;
  // libvips' operation cache (default 50 MB, 100 operations) keeps decoded images for repeated operations
  // on the same input, which a server that processes each upload once never makes.
  sharp.cache(false);
  return sharp;
}
