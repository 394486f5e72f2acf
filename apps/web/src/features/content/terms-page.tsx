import { ContentPage } from './components/content-page';
import { HelpAside } from './components/help-aside';

export default function TermsPage() {
  return (
    <ContentPage pageName="terms_and_condition" title="Terms & Conditions" eyebrow="Legal" intro="The rules for drivers and hosts who use Parkly." aside={<HelpAside />} />
  );
}
