import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ClaimDocument } from '@tern/domain/claims/schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileProgress } from './use-send-disagreement.ts';

/**
 * A sent file as it stands now: once attached, the claim's own list says how its scan went
 * (the page refreshes the claim live), which overrides what the attachment call answered.
 */
function liveState(file: FileProgress, documents: readonly ClaimDocument[]): FileProgress {
  const document = file.documentId
    ? documents.find((d) => d.documentId === file.documentId)
    : undefined;
  if (!document || file.state === 'refused') return file;
  return document.state === 'quarantined'
    ? { ...file, state: 'refused', refusal: 'quarantined' }
    : // A file whose bytes have not all arrived is still uploading.
      { ...file, state: document.state === 'awaiting' ? 'uploading' : document.state };
}

const COLOURS = {
  waiting: 'text.secondary',
  uploading: 'text.secondary',
  scanning: 'text.secondary',
  clean: 'success.main',
  refused: 'error.main',
} as const;

/**
 * The disagreement's files, each with where it stands: waiting, uploading (its percentage, with
 * a bar), being scanned, clean, or refused and why. Announced politely once the uploads rest.
 */
export function FileStates({
  files,
  documents,
}: {
  files: readonly FileProgress[];
  documents: readonly ClaimDocument[];
}) {
  const { t } = useTranslation('claims');
  const id = useId();
  if (files.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-live="polite"
      // Each percentage is not news: the states are told once no file is uploading.
      aria-busy={files.some((file) => file.state === 'uploading')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {files.map((sent, index) => {
        const file = liveState(sent, documents);
        const text =
          file.state === 'refused'
            ? t(`disagreement.states.refused_${file.refusal ?? 'quarantined'}`)
            : t(`disagreement.states.${file.state}`, { percent: file.percent });
        return (
          <Box component="li" key={`${file.period}-${index}`} sx={{ display: 'grid', gap: 0.5 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
              {file.file.name}
            </Typography>
            <Typography variant="body2" id={`${id}-${index}`} sx={{ color: COLOURS[file.state] }}>
              {text}
            </Typography>
            {file.state === 'uploading' ? (
              <LinearProgress
                variant="determinate"
                value={file.percent}
                aria-labelledby={`${id}-${index}`}
              />
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
