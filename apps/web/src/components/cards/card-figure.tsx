import Typography from '@mui/material/Typography';

/** One figure under a card's list ("Open claims: 1"), shown once its dataset is loaded. */
export function CardFigure({ loaded, text }: { loaded: boolean; text: string }) {
  return loaded ? (
    <Typography variant="body2" sx={{ mt: 1 }}>
      {text}
    </Typography>
  ) : null;
}
