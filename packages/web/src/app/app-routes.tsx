import { Route, Routes } from 'react-router';
import { NotFoundScreen } from '../ui/problems/not-found-screen.js';
import { useApp } from './app-context.js';
import { ScreenGate } from './screen-gate.js';

/** One route per screen of the application; anything else is the friendly 404. */
export function AppRoutes() {
  const { screens } = useApp();
  return (
    <Routes>
      {screens.map((screen) => (
        <Route
          key={screen.route}
          path={screen.route}
          element={<ScreenGate key={screen.route} screen={screen} />}
        />
      ))}
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
