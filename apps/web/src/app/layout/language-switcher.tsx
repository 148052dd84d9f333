import Box from '@mui/material/Box';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../core/app-services.ts';
import { changeLanguage } from '../i18n/change-language.ts';
import { isTextLanguage, localeOfLanguage } from '@tern/domain/i18n/languages';
import { ownName, switcherLanguages } from '../i18n/language-names.ts';

/**
 * Offers the languages the partner enables, each by its own name; hidden when there is only
 * one. A native select: accessible everywhere and light enough for the first page's header.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const languages = switcherLanguages(useAppServices().themeConfig.config.languages, i18n.language);
  const select = useRef<HTMLSelectElement>(null);
  // On a page the server rendered, the visitor may choose before the page's code has arrived:
  // the select shows that choice, which hydration leaves as it is, so it is taken now.
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen && chosen !== i18n.language && isTextLanguage(chosen))
      void changeLanguage(i18n, chosen);
    // Once, when the page comes alive: later choices come as change events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (languages.length < 2) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {/* On a phone the label is for screen readers only: the header has no room for it. */}
      <Box
        component="label"
        htmlFor={id}
        sx={(theme) => ({ typography: 'body2', [theme.breakpoints.down('sm')]: visuallyHidden })}
      >
        {t('language.label')}
      </Box>
      <Box
        component="select"
        ref={select}
        id={id}
        value={i18n.language}
        onChange={async (event: React.ChangeEvent<HTMLSelectElement>) => {
          const next = event.target.value;
          if (isTextLanguage(next)) await changeLanguage(i18n, next);
        }}
        sx={{
          font: 'inherit',
          color: 'text.primary',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1,
          py: 0.5,
          // The longest own names ("Español de México") must not widen a phone's header.
          maxWidth: { xs: '8.5rem', sm: '12rem' },
          textOverflow: 'ellipsis',
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={localeOfLanguage(language)}>
            {ownName(language)}
          </option>
        ))}
      </Box>
    </Box>
  );
}
