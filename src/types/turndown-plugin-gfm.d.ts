// The GFM plugin ships no types; it is a TurndownService plugin (tables, strikethrough, task lists).
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const gfm: TurndownService.Plugin;
}
