/** The four avatars offered in the profile editor (files under public/avatars). */
export const PRESET_AVATARS = [
  { path: 'avatars/preset-1.svg', label: 'Fox' },
  { path: 'avatars/preset-2.svg', label: 'Cat' },
  { path: 'avatars/preset-3.svg', label: 'Panda' },
  { path: 'avatars/preset-4.svg', label: 'Robot' },
] as const;
