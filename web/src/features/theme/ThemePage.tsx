import type { CSSProperties, ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { PageBar } from '../../components/PageBar';
import { ACCENTS, BACKGROUNDS, backgroundOf } from './theme';
import { selectTheme, setAccent, setBackground } from './themeSlice';
import '../../components/settings.css';
import './theme.css';

export function ThemePage({ children }: { children?: ReactNode }) {
  const dispatch = useDispatch();
  const theme = useSelector(selectTheme);
  const dark = backgroundOf(theme.background).dark;

  return (
    <div className="settings-page">
      <PageBar title="Theme" />

      <section className="card settings-card" aria-labelledby="theme-heading">
        <h2 id="theme-heading" className="settings-card__title">
          Customise your view
        </h2>
        <p className="muted settings-card__lead">These settings apply to Murmur in this browser.</p>

        <fieldset className="theme-group">
          <legend className="theme-group__legend">Accent colour</legend>
          <div className="swatches">
            {ACCENTS.map((accent) => (
              <Choice
                key={accent.hue}
                group="accent"
                className="swatch"
                checked={theme.hue === accent.hue}
                onSelect={() => dispatch(setAccent(accent.hue))}
              >
                <span
                  className="swatch__dot"
                  aria-hidden="true"
                  style={
                    {
                      '--swatch': `hsl(${accent.hue} 75% ${dark ? accent.lightness.dark : accent.lightness.light}%)`,
                    } as CSSProperties
                  }
                />
                <span className="swatch__name">{accent.name}</span>
              </Choice>
            ))}
          </div>
        </fieldset>

        <fieldset className="theme-group">
          <legend className="theme-group__legend">Background</legend>
          <div className="backgrounds">
            {BACKGROUNDS.map((background) => (
              <Choice
                key={background.name}
                group="background"
                className="bg-option"
                checked={theme.background === background.name}
                onSelect={() => dispatch(setBackground(background.name))}
              >
                <span
                  className="bg-option__preview"
                  aria-hidden="true"
                  style={
                    {
                      '--p-page': `hsl(${theme.hue} 20% ${background.page}%)`,
                      '--p-card': `hsl(${theme.hue} 20% ${background.card}%)`,
                      '--p-text': `hsl(${theme.hue} 15% ${background.text}%)`,
                    } as CSSProperties
                  }
                >
                  <span className="bg-option__line" />
                  <span className="bg-option__line bg-option__line--short" />
                </span>
                <span className="bg-option__name">{background.label}</span>
              </Choice>
            ))}
          </div>
        </fieldset>
      </section>

      {/* The routes put the demo data controls here. */}
      {children}
    </div>
  );
}

interface ChoiceProps {
  group: string;
  className: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}

/**
 * One option of a radio group: a native radio (so arrow keys and screen
 * readers work as usual) laid invisibly over a visual tile.
 */
function Choice({ group, className, checked, onSelect, children }: ChoiceProps) {
  return (
    <label className={className}>
      <input type="radio" name={group} className="choice__input" checked={checked} onChange={onSelect} />
      {children}
    </label>
  );
}
