declare module 'postject' {
  /** Injects `data` as resource `name` into the executable `file` (ELF, Mach-O or PE). */
  export function inject(file: string, name: string, data: Buffer, options?: { sentinelFuse?: string; machoSegmentName?: string; overwrite?: boolean }): Promise<void>;
}
