import { mountApp, provideModel } from 'shared-store';
import CartPage from './CartPage';
import { cartModel } from './model/cartModel';

// The cart opened alone (its dev server's page): its own model, connected and started as the
// shell connects and starts it.
provideModel('cart', cartModel);
const root = document.getElementById('root');
if (root) {
  void mountApp(root, () => <CartPage />, {
    prepare: (store) => {
      cartModel.connect(store);
    },
    start: (store) => {
      cartModel.start(store);
    },
  });
}
