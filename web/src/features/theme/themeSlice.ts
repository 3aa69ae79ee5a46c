import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ACCENTS, DEFAULT_THEME, type BackgroundName, type Theme } from './theme';

export type ThemeState = Theme;

export const themeSlice = createSlice({
  name: 'theme',
  initialState: DEFAULT_THEME as ThemeState,
  reducers: {
    setAccent(state, action: PayloadAction<number>) {
      if (ACCENTS.some((a) => a.hue === action.payload)) state.hue = action.payload;
    },
    setBackground(state, action: PayloadAction<BackgroundName>) {
      state.background = action.payload;
    },
  },
  selectors: {
    selectTheme: (state) => state,
  },
});

export const { setAccent, setBackground } = themeSlice.actions;
export const { selectTheme } = themeSlice.selectors;
