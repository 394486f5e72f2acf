import { ContentPage } from './components/content-page';
import { HelpAside } from './components/help-aside';

export default function PrivacyPage() {
  return <ContentPage pageName="privacy" title="Privacy Policy" eyebrow="Legal" intro="What we collect, why, and the choices you have." aside={<HelpAside />} />;
}
