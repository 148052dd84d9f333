import AccountCircle from '@mui/icons-material/AccountCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { ActionMenu } from '../../components/menu/action-menu.tsx';
import MenuItem from '@mui/material/MenuItem';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../core/app-services.ts';
import { localeOfLanguage } from '@tern/domain/i18n/languages';
import { changeLanguage } from '../i18n/change-language.ts';
import { ownName, switcherLanguages } from '../i18n/language-names.ts';
import { fullName, useAccount } from '../../core/session/account.ts';
import { useSession } from '../../core/session/use-logged-in.ts';
import { useLogout } from '../../core/session/use-logout.ts';
import { MfaSettingsDialog } from '../../features/accounts/index.ts';

/**
 * The header menu of a signed-in user: an icon and their name, the partner's languages, two-step
 * verification (not while an agent acts for them: only the account holder may change it) and
 * Log out. Loaded once a user signs in (MUI's menu is not part of the first download).
 */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const languages = switcherLanguages(useAppServices().themeConfig.config.languages, i18n.language);
  const logout = useLogout();
  const acting = useSession()?.agentId !== undefined;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [mfaOpen, setMfaOpen] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const name = account ? fullName(account) : t('header.account');
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<AccountCircle />}
        // On a phone the icon stands for the name, which screen readers still hear.
        aria-label={name}
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        data-testid="user-menu-button"
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {name}
        </Box>
      </Button>
      <ActionMenu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {languages.length > 1
          ? languages.map((language) => (
              <MenuItem
                key={language}
                lang={localeOfLanguage(language)}
                selected={i18n.language === language}
                aria-label={t('header.language_option', { language: ownName(language) })}
                onClick={() => {
                  close();
                  void changeLanguage(i18n, language);
                }}
              >
                {ownName(language)}
              </MenuItem>
            ))
          : null}
        {languages.length > 1 ? <Divider /> : null}
        {account && !acting ? (
          <MenuItem
            onClick={() => {
              close();
              setMfaOpen(true);
            }}
          >
            {t('header.two_step')}
          </MenuItem>
        ) : null}
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          {t('header.log_out')}
        </MenuItem>
      </ActionMenu>
      {mfaOpen ? (
        <Suspense fallback={null}>
          <MfaSettingsDialog onClose={() => setMfaOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
