import { ContentPage } from './components/content-page';
import { HelpAside } from './components/help-aside';

export default function AboutPage() {
  return (
    <ContentPage
      pageName="aboutus"
      title="About Us"
      eyebrow="Parkly"
      intro="An all-in-one solution for all types of parking and vehicle storage."
      aside={<HelpAside />}
    />
  );
}
