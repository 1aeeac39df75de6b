import { Route, Routes } from 'react-router';
import { OrderSearch } from './OrderSearch.tsx';
import { OrderDetail } from './OrderDetail.tsx';

/** /admin/orders (search) and /admin/orders/:id (lines, payments, ledger entries, refund). */
export default function OrdersSection() {
  return (
    <Routes>
      <Route index element={<OrderSearch />} />
      <Route path=":id" element={<OrderDetail />} />
    </Routes>
  );
}
