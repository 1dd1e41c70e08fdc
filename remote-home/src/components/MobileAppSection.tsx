import { memo } from 'react';
/** The mobile app: what it offers and where to get it. */
export const MobileAppSection = memo(function MobileAppSection() {
  return (
    <section className="home-section home-app" aria-labelledby="home-app-title">
      <h2 id="home-app-title">Revise anywhere with the Arora app</h2>
      <ul className="home-app__points">
        <li>Every question bank offline, on the ward or on the train</li>
        <li>Timed mocks that sync with your dashboard</li>
        <li>Daily reminders tuned to your exam date</li>
      </ul>
      <p className="home-app__stores">
        <a href="https://apps.apple.com/gb/app/arora-medical-education/id0000000000">App Store</a>
        <a href="https://play.google.com/store/apps/details?id=uk.aroramedical.app">Google Play</a>
      </p>
    </section>
  );
});
