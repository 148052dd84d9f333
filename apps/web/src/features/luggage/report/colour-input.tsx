import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { BAG_COLOURS, type BagColour } from '@tern/domain/luggage/worldtracer';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/inputs/use-error-text.ts';

/** What each WorldTracer colour code looks like, for its swatch (MC and TD drawn, not filled). */
const SWATCHES: Record<BagColour, string> = {
  WT: '#ffffff',
  BK: '#1a1a1a',
  GY: '#8a8a8a',
  BU: '#1f5fbf',
  RD: '#c62828',
  YW: '#f5c518',
  BE: '#d8c3a0',
  BN: '#6d4c2f',
  GN: '#2e7d32',
  PU: '#8e44ad',
  MC: 'conic-gradient(#c62828, #f5c518, #2e7d32, #1f5fbf, #8e44ad, #c62828)',
  TD: 'repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 8px 8px',
};

/**
 * The bag's colour as WorldTracer codes it, chosen from swatches with their names: one tap on a
 * phone, where a menu of twelve would take two and a scroll. A radio group underneath.
 */
export function ColourInput({ name, label }: { name: 'colour'; label: string }) {
  const { t } = useTranslation('luggage');
  const { field, fieldState } = useController({ name });
  const errorText = useErrorText(fieldState.error);
  const id = useId();
  return (
    <Box
      component="fieldset"
      aria-describedby={errorText ? `${id}-error` : undefined}
      sx={{ border: 0, p: 0, m: 0 }}
    >
      <Typography
        component="legend"
        variant="body2"
        color={errorText ? 'error' : 'text.secondary'}
        sx={{ mb: 1 }}
      >
        {label} *
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(6.5rem, 1fr))',
          gap: 0.5,
        }}
      >
        {BAG_COLOURS.map((code, index) => (
          <Box
            component="label"
            key={code}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              p: 0.75,
              minHeight: 44,
              borderRadius: 1,
              border: 1,
              borderColor: field.value === code ? 'primary.main' : 'divider',
              outlineOffset: 2,
              cursor: 'pointer',
              '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <input
              type="radio"
              name={field.name}
              value={code}
              checked={field.value === code}
              onChange={() => field.onChange(code)}
              onBlur={field.onBlur}
              ref={index === 0 ? field.ref : undefined}
              style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
            />
            <Box
              aria-hidden
              sx={{
                width: 20,
                height: 20,
                flex: 'none',
                borderRadius: '50%',
                border: 1,
                borderColor: 'grey.500',
                background: SWATCHES[code],
              }}
            />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t(`colours.${code}`)}
            </Typography>
          </Box>
        ))}
      </Box>
      {errorText ? (
        <FormHelperText id={`${id}-error`} error>
          {errorText}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
