import { mountApp } from 'shared-store';
import Header from './Header';
import PromoBanner from './PromoBanner';
import TrustStrip from './TrustStrip';

const root = document.getElementById('root');
if (root) {
  void mountApp(root, () => (
    <>
      <PromoBanner />
      <Header />
      <TrustStrip />
    </>
  ));
}
