import { Route, Routes } from 'react-router';
import { RecordingList } from './RecordingList.tsx';
import { RecordingReplay } from './RecordingReplay.tsx';
import { RecordingSettingsForm } from './RecordingSettingsForm.tsx';

/**
 * /admin/recordings (ADR 028): recorded sessions by user, order or chat (?userId=, ?orderId=, ?chatId=, so
 * the users and orders pages can link here), the recording settings, and /admin/recordings/:id, the replay.
 */
export default function RecordingsSection() {
  return (
    <Routes>
      <Route
        index
        element={
          <>
            <RecordingList />
            <RecordingSettingsForm />
          </>
        }
      />
      <Route path=":id" element={<RecordingReplay />} />
    </Routes>
  );
}
