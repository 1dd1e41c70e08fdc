import { Link } from 'react-router-dom';
import {
  COURSES_SECTION_ID,
  formatPrice,
  selectCartItems,
  selectTotalAmount,
  useAppSelector,
} from 'shared-store';
import './cart.css';

/** The cart page: every line with its price and quantity, and the total. */
export default function CartPage() {
  const items = useAppSelector(selectCartItems);
  const total = useAppSelector(selectTotalAmount);

  if (items.length === 0) {
    return (
      <section className="cart-page" aria-labelledby="cart-title">
        <h1 id="cart-title">Your cart</h1>
        <p>Your cart is empty.</p>
        <Link to={`/#${COURSES_SECTION_ID}`}>Browse our courses</Link>
      </section>
    );
  }

  return (
    <section className="cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title">Your cart</h1>
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col">Course</th>
            <th scope="col">Option</th>
            <th scope="col">Price</th>
            <th scope="col">Quantity</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${String(item.id)}-${item.month}`}>
              <td>{item.title ?? item.slug}</td>
              <td>{item.month}</td>
              <td>{formatPrice(item.price)}</td>
              <td>{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="cart-total">
        Total: <strong data-testid="cart-total">{formatPrice(total)}</strong>
      </p>
    </section>
  );
}
