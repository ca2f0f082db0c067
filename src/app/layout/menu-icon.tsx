/** Menu icons: the server names them (`meta.icon`), this maps the names to react-icons glyphs. */
import type { IconType } from 'react-icons';
import { LuBell, LuBuilding2, LuCircleDot, LuFolder, LuGlobe, LuHistory, LuLayoutDashboard, LuList, LuShield, LuTrophy, LuUser, LuUsers } from 'react-icons/lu';

const ICONS: Readonly<Record<string, IconType>> = {
  dashboard: LuLayoutDashboard,
  trophy: LuTrophy,
  list: LuList,
  bell: LuBell,
  users: LuUsers,
  folder: LuFolder,
  globe: LuGlobe,
  shield: LuShield,
  user: LuUser,
  building: LuBuilding2,
  history: LuHistory,
};

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = (name !== undefined && Object.hasOwn(ICONS, name) ? ICONS[name] : undefined) ?? LuCircleDot;
  return <Icon aria-hidden focusable="false" />;
}
