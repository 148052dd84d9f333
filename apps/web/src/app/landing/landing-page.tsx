import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { partnerMode } from '@tern/domain/partners/offers';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../core/app-services.ts';
import { usePageTitle } from '../../core/routing/page-title.ts';
import { landingProducts } from './landing-products.ts';

/**
 * The start page `/` (spec 1 §2): the partner's logo and name, a headline for what the
 * partner sells (travel, business interruption or identity monitoring), the sign-in card
 * (given by the router: it belongs to the accounts feature) and the products included.
 */
export function LandingPage({ signIn }: { signIn?: ReactNode }) {
  const { t } = useTranslation();
  const { branding, config } = useAppServices().themeConfig;
  const mode = partnerMode(config);
  usePageTitle(undefined);
  return (
    <Box data-testid="landing" data-mode={mode}>
      <Box
        component="section"
        aria-labelledby="landing-title"
        sx={{
          color: 'common.white',
          // The partner's background image under a dark veil keeps white text readable on any photo.
          backgroundImage: `linear-gradient(rgba(0, 0, 0, 0.55), rgba(0, 0, 0, 0.55)), url("${branding.images.mainBackground}")`,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          py: { xs: 6, md: 10 },
        }}
      >
        <Container
          maxWidth="lg"
          sx={{
            display: 'grid',
            gap: 4,
            alignItems: 'center',
            gridTemplateColumns: { md: signIn ? 'minmax(0, 1fr) 26rem' : '1fr' },
          }}
        >
          <Box>
            <Box
              component="img"
              src={branding.images.logo}
              alt=""
              sx={{
                height: 56,
                width: 'auto',
                maxWidth: '100%',
                objectFit: 'contain',
                objectPosition: 'left center',
                mb: 3,
              }}
            />
            <Typography variant="overline" component="p" sx={{ fontSize: '1rem' }}>
              {t('landing.welcome', { name: branding.name })}
            </Typography>
            <Typography
              id="landing-title"
              variant="h3"
              component="h1"
              gutterBottom
              // A long word ("d'interruption") must wrap on a phone, never widen the page.
              sx={{
                fontWeight: 700,
                fontSize: { xs: '2rem', sm: '2.5rem', md: '3rem' },
                overflowWrap: 'break-word',
                hyphens: 'auto',
              }}
            >
              {t(`landing.hero.${mode}.title`)}
            </Typography>
            <Typography variant="h6" component="p" sx={{ fontWeight: 400, maxWidth: '40rem' }}>
              {t(`landing.hero.${mode}.description`)}
            </Typography>
          </Box>
          {signIn ? <Box sx={{ color: 'text.primary' }}>{signIn}</Box> : null}
        </Container>
      </Box>
      <Container
        component="section"
        maxWidth="md"
        aria-labelledby="landing-products"
        sx={{ py: 6 }}
      >
        <Typography id="landing-products" variant="h5" component="h2" gutterBottom>
          {t('landing.products.title')}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { sm: 'repeat(auto-fit, minmax(14rem, 1fr))' },
          }}
        >
          {landingProducts(config).map((product) => (
            <Card component="li" key={product} variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h3" gutterBottom>
                  {t(`landing.products.${product}.title`)}
                </Typography>
                <Typography color="text.secondary">
                  {t(`landing.products.${product}.description`)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
