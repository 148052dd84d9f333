import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/**
 * One figure under a card's list ("Open claims: 1"), shown once its dataset is loaded; a
 * link to the list it counts when the area has that page.
 */
export function CardFigure({ loaded, text, to }: { loaded: boolean; text: string; to?: string }) {
  if (!loaded) return null;
  return (
    <Typography variant="body2" sx={{ mt: 1 }}>
      {to ? (
        <Link component={RouterLink} to={to}>
          {text}
        </Link>
      ) : (
        text
      )}
    </Typography>
  );
}
