import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { COLOUR_SWATCHES } from '../../core/colours.js';

type FormContext = { t?: (k: string, o?: Record<string, unknown>) => string };

/**
 * A colour as #rrggbb, chosen from swatches (radio buttons named in words) or, for a colour of one's own, with the
 * native picker beside them. The value is never written out as a hex code: people pick colours by sight.
 */
export default function ColourWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, label } = props;
  const t = (props.registry.formContext as FormContext | undefined)?.t ?? ((k: string) => k);
  const colour = typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : null;
  const own = colour !== null && !COLOUR_SWATCHES.some(([, hex]) => hex === colour);
  const off = disabled || readonly;
  return (
    <div id={id} role="radiogroup" aria-label={label} aria-describedby={ariaDescribedByIds(id)} className="sf-swatches">
      {COLOUR_SWATCHES.map(([name, hex]) => (
        <label key={hex} className="sf-swatch" title={t(`widgets.colours.${name}`)}>
          <input
            type="radio"
            name={`${id}-swatch`}
            value={hex}
            checked={colour === hex}
            disabled={off}
            aria-label={t(`widgets.colours.${name}`)}
            onChange={() => onChange(hex)}
          />
          <span aria-hidden="true" style={{ background: hex }} />
        </label>
      ))}
      <label className={`sf-swatch sf-swatch-own${own ? ' sf-swatch-on' : ''}`} title={t('widgets.customColour')}>
        <input
          type="color"
          value={colour ?? '#000000'}
          disabled={off}
          aria-label={`${label}: ${t('widgets.customColour')}`}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}
