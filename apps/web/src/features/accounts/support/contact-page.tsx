import Container from '@mui/material/Container';
import { DocumentView } from '../../content/index.ts';
import SupportForm from './support-form.tsx';

/**
 * `/help/contact`: the partner's contact document, then the support form, so "contact support"
 * anywhere in the portal leads to a way to write.
 */
export default function ContactPage() {
  return (
    <>
      <DocumentView id="contact" />
      <Container maxWidth="md" sx={{ pb: 4, mt: -2 }}>
        <SupportForm />
      </Container>
    </>
  );
}
