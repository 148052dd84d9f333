import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BAG_PHOTO_ACCEPT, BAG_PHOTO_MAX_MB } from './bag-photo-rule.ts';

/** A local preview of a chosen file, let go when the file changes or the field goes. */
function usePreview(file: File | null): string | null {
  // No object URLs where the platform has none (jsdom): the file's name still shows.
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/**
 * The bag photo: one button that opens the camera on a phone (`capture`) or the files
 * elsewhere, the photo's preview once chosen, the rule's error (a `luggage` text key), and
 * the upload's progress while it is sent.
 */
export function PhotoField({
  file,
  error,
  uploading,
  onChange,
}: {
  file: File | null;
  error: string | null;
  /** The percentage sent, while the photo uploads. */
  uploading: number | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation('luggage');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const preview = usePreview(file);
  // A preview the page may not show (a content policy without blob: images) leaves the name.
  const [broken, setBroken] = useState<string | null>(null);
  const describedBy = `${id}-help`;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('wizard.photo')}
      </Typography>
      {/* Reached through the button: a file input cannot be styled, and its own label says "Browse". */}
      <input
        ref={input}
        id={id}
        type="file"
        accept={BAG_PHOTO_ACCEPT}
        capture="environment"
        tabIndex={-1}
        aria-label={t('wizard.photo')}
        aria-describedby={describedBy}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          // The same file chosen again after an error must fire a change again.
          event.target.value = '';
        }}
      />
      {preview && broken !== preview ? (
        <Box
          component="img"
          src={preview}
          onError={() => setBroken(preview)}
          alt={t('wizard.photo_preview')}
          sx={{
            maxWidth: '100%',
            maxHeight: 200,
            objectFit: 'contain',
            borderRadius: 1,
            justifySelf: 'start',
          }}
        />
      ) : null}
      {file ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Typography>
      ) : null}
      <Button
        variant={file ? 'outlined' : 'contained'}
        onClick={() => input.current?.click()}
        aria-describedby={describedBy}
        sx={{ justifySelf: 'start' }}
        disabled={uploading !== null}
      >
        {file ? t('wizard.change_photo') : t('wizard.take_photo')}
      </Button>
      <FormHelperText id={describedBy} error={Boolean(error)} sx={{ mx: 0 }}>
        {error
          ? t(error, { max: BAG_PHOTO_MAX_MB })
          : t('wizard.photo_hint', { max: BAG_PHOTO_MAX_MB })}
      </FormHelperText>
      {uploading !== null ? (
        <Box>
          <Typography variant="body2" id={`${id}-progress`}>
            {t('wizard.uploading', { percent: uploading })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={uploading}
            aria-labelledby={`${id}-progress`}
          />
        </Box>
      ) : null}
    </Box>
  );
}
