import { assetUrl } from '../../lib/assets';

/** The four avatars offered in the profile editor (files under public/avatars), as absolute paths under the site's base. */
export const PRESET_AVATARS = [
  { path: assetUrl('avatars/preset-1.svg'), label: 'Fox' },
  { path: assetUrl('avatars/preset-2.svg'), label: 'Cat' },
  { path: assetUrl('avatars/preset-3.svg'), label: 'Panda' },
  { path: assetUrl('avatars/preset-4.svg'), label: 'Robot' },
] as const;
