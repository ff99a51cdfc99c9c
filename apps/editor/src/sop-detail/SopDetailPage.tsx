import { Button, Container } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

/** Frame of the SOP detail page; the SOP itself, editing and exports come with the SOP service. */
export default function SopDetailPage() {
  const navigate = useNavigate();
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Button variant="ghost" size="sm" onClick={() => navigate('/dashboard')}>
        <ArrowLeft /> Back to Dashboard
      </Button>
    </Container>
  );
}
