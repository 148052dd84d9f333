import Box from '@mui/material/Box';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../core/app-services.ts';
import { changeLanguage } from '../i18n/change-language.ts';
import { isLanguage } from '../i18n/language.ts';

/**
 * Offers the languages the partner enables; hidden when there is only one. A native select:
 * accessible everywhere and light enough for the header of the first page.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const languages = useAppServices().themeConfig.config.languages;
  if (languages.length < 2) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="label" htmlFor={id} sx={{ typography: 'body2' }}>
        {t('language.label')}
      </Box>
      <Box
        component="select"
        id={id}
        value={i18n.language}
        onChange={async (event: React.ChangeEvent<HTMLSelectElement>) => {
          const next = event.target.value;
          if (isLanguage(next)) await changeLanguage(i18n, next);
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
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </Box>
    </Box>
  );
}
