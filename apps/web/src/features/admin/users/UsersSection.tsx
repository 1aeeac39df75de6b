import { Route, Routes } from 'react-router';
import { UserSearch } from './UserSearch.tsx';
import { UserDetail } from './UserDetail.tsx';

/** /admin/users (search) and /admin/users/:id (one user and the changes an admin can make). */
export default function UsersSection() {
  return (
    <Routes>
      <Route index element={<UserSearch />} />
      <Route path=":id" element={<UserDetail />} />
    </Routes>
  );
}
