/** Media types worth compressing: text and the text-based formats (JSON, XML, SVG, JavaScript). */
export function isCompressibleType(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    /^application\/([\w.-]+\+)?(json|xml|javascript)$/.test(type) ||
    type === 'image/svg+xml' ||
    type === 'application/manifest+json'
  );
}

/** The file names of a file's precompressed variants, beside it (the layout nginx's gzip_static and brotli_static read). */
export const CODING_SUFFIX = { br: '.br', gzip: '.gz' } as const;
