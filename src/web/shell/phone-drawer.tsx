import { Drawer } from '@mantine/core';
import { PhoneMenus } from './phone-menus';
import { Sidebar } from './sidebar';

/** The phone's menu: the header's menus and the sidebar in a drawer. Loaded on first opening. */
export default function PhoneDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} size={280} title="Menu" padding="xs">
      <PhoneMenus />
      <Sidebar onNavigate={onClose} />
    </Drawer>
  );
}
