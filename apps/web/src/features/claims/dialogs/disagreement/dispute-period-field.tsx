import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { FILES_PER_PERIOD, NOTES_MAX, NOTES_ROWS } from '@tern/domain/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxInput } from '../../../../components/inputs/checkbox-input.tsx';
import { TextInput } from '../../../../components/inputs/text-input.tsx';
import { useToast } from '../../../../components/toasts/use-toast.ts';
import type { DisagreementFormValues } from './disagreement-form.ts';
import {
  addDisputeFiles,
  DISPUTE_FILE_ACCEPT,
  DISPUTE_FILE_MAX_MB,
  type FileProblem,
} from './dispute-file-rule.ts';

const megabytes = (bytes: number) => Math.max(0.1, Math.round(bytes / 104_857.6) / 10);

/**
 * One period of the disagreement form: a box to choose it, then its notes (5 rows, at most
 * NOTES_MAX characters, counted as typed) and its files (PDF or images, at most 5 of at most
 * 25 MB each). Both stay disabled until the period is chosen. A file refused as it is chosen
 * is named under the files — a too big one with the size limit, and in an error notice too.
 */
export function DisputePeriodField({
  index,
  label,
  offer,
}: {
  index: number;
  /** The period, as the customer reads it. */
  label: string;
  /** The offer for it, formatted. */
  offer: string;
}) {
  const { t } = useTranslation('claims');
  const toast = useToast();
  const form = useFormContext<DisagreementFormValues>();
  const [chosen, notes, files] = useWatch({
    control: form.control,
    name: [`periods.${index}.chosen`, `periods.${index}.notes`, `periods.${index}.files`],
  });
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // A file's remove button goes with the file: the focus moves to Add files, not nowhere.
  const focusAdd = useRef(false);
  useEffect(() => {
    if (!focusAdd.current) return;
    focusAdd.current = false;
    addButton.current?.focus();
  }, [files]);
  const id = useId();

  const add = (chosenFiles: File[]) => {
    const result = addDisputeFiles(files, chosenFiles);
    setProblems(result.problems);
    form.setValue(`periods.${index}.files`, result.files, {
      shouldValidate: form.formState.isSubmitted,
    });
    for (const { name } of result.problems.filter((p) => p.problem === 'too_big'))
      toast.showMessage(
        t('disagreement.files.too_big', { name, max: DISPUTE_FILE_MAX_MB }),
        'error',
      );
  };
  const remove = (file: File) => {
    setProblems([]);
    focusAdd.current = true;
    form.setValue(
      `periods.${index}.files`,
      files.filter((f) => f !== file),
      { shouldValidate: form.formState.isSubmitted },
    );
  };

  return (
    <Box
      component="fieldset"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        m: 0,
        display: 'grid',
        gap: 1.5,
        minWidth: 0,
      }}
    >
      <Typography component="legend" variant="subtitle1" sx={{ px: 0.5, fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('disagreement.offer_for_period', { amount: offer })}
      </Typography>
      <CheckboxInput
        name={`periods.${index}.chosen`}
        label={t('disagreement.choose', { period: label })}
      />
      <TextInput
        name={`periods.${index}.notes`}
        label={t('disagreement.notes')}
        helperText={t('disagreement.counter', { length: notes.length, max: NOTES_MAX })}
        multiline
        rows={NOTES_ROWS}
        maxLength={NOTES_MAX}
        disabled={!chosen}
      />
      <Box sx={{ display: 'grid', gap: 1 }}>
        {/* Reached through the button: a file input cannot be styled, and its own label says "Browse". */}
        <input
          ref={input}
          type="file"
          multiple
          accept={DISPUTE_FILE_ACCEPT}
          tabIndex={-1}
          aria-label={t('disagreement.files.input', { period: label })}
          aria-describedby={`${id}-help`}
          disabled={!chosen}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            // The same file chosen again after an error must fire a change again.
            event.target.value = '';
          }}
        />
        {files.length > 0 ? (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
            {files.map((file, position) => (
              <Box
                component="li"
                key={`${file.name}-${position}`}
                sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <Typography variant="body2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                  {t('disagreement.files.item', { name: file.name, size: megabytes(file.size) })}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={t('disagreement.files.remove', { name: file.name })}
                  onClick={() => remove(file)}
                  disabled={!chosen}
                >
                  <SvgIcon fontSize="small" aria-hidden>
                    <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
                  </SvgIcon>
                </IconButton>
              </Box>
            ))}
          </Box>
        ) : null}
        <Button
          ref={addButton}
          variant="outlined"
          onClick={() => input.current?.click()}
          disabled={!chosen || files.length >= FILES_PER_PERIOD}
          aria-describedby={`${id}-help`}
          sx={{ justifySelf: 'start' }}
        >
          {t('disagreement.files.add')}
        </Button>
        <FormHelperText id={`${id}-help`} sx={{ mx: 0 }}>
          {t('disagreement.files.hint', { max: DISPUTE_FILE_MAX_MB, files: FILES_PER_PERIOD })}
        </FormHelperText>
        {problems.length > 0 ? (
          <Box role="alert" sx={{ display: 'grid', gap: 0.25 }}>
            {problems.some((p) => p.problem === 'too_big') ? (
              <FormHelperText error sx={{ mx: 0 }}>
                {t('disagreement.files.limit', { max: DISPUTE_FILE_MAX_MB })}
              </FormHelperText>
            ) : null}
            {problems.map(({ problem, name }) => (
              <FormHelperText key={`${problem}-${name}`} error sx={{ mx: 0 }}>
                {t(`disagreement.files.${problem}`, {
                  name,
                  max: DISPUTE_FILE_MAX_MB,
                  files: FILES_PER_PERIOD,
                })}
              </FormHelperText>
            ))}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
