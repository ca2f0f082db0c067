/**
 * What a new installation starts with: the permission tree (menus and the rights the contract's
 * x-permission names), the roles, and company 1. Titles are i18n keys the SPA translates.
 * A test checks that every x-permission in openapi/admin-api.yaml names an identifier here.
 */

export interface PermissionSeed {
  identifier: string;
  title: string;
  type: 'nav' | 'button';
  icon?: string;
  path?: string;
  component?: string;
  hidden?: boolean;
  activeMenu?: string;
  children?: PermissionSeed[];
}

export const permissionTree: PermissionSeed[] = [
  {
    identifier: 'triviaGame',
    title: 'menu.triviaGame',
    type: 'nav',
    icon: 'trophy',
    path: '/triviaGame',
    component: 'Layout',
    children: [
      { identifier: 'triviaGame.index', title: 'menu.triviaGameIndex', type: 'nav', icon: 'list', path: 'index', component: 'triviaGame/index' },
      {
        identifier: 'triviaGame.update',
        title: 'menu.triviaGameUpdate',
        type: 'nav',
        path: 'update/:id',
        component: 'triviaGame/update',
        hidden: true,
        activeMenu: '/triviaGame/index',
      },
      {
        identifier: 'triviaGame.start',
        title: 'menu.triviaGameStart',
        type: 'nav',
        path: 'start/:id',
        component: 'triviaGame/start',
        hidden: true,
        activeMenu: '/triviaGame/index',
      },
      { identifier: 'triviaGame.list', title: 'permission.triviaGameList', type: 'button' },
      { identifier: 'triviaGame.edit', title: 'permission.triviaGameEdit', type: 'button' },
      { identifier: 'triviaGame.control', title: 'permission.triviaGameControl', type: 'button' },
    ],
  },
  {
    identifier: 'notification',
    title: 'menu.notification',
    type: 'nav',
    icon: 'bell',
    path: '/notification',
    component: 'Layout',
    children: [
      { identifier: 'notification.index', title: 'menu.notificationIndex', type: 'nav', icon: 'bell', path: '', component: 'notification/index' },
      {
        identifier: 'notification.send',
        title: 'menu.notificationSend',
        type: 'nav',
        path: 'send',
        component: 'notification/send',
        hidden: true,
        activeMenu: '/notification',
      },
    ],
  },
  {
    identifier: 'admin',
    title: 'menu.admin',
    type: 'nav',
    icon: 'users',
    path: '/admin',
    component: 'Layout',
    children: [
      { identifier: 'admin.index', title: 'menu.adminIndex', type: 'nav', icon: 'users', path: 'index', component: 'admin/index' },
      { identifier: 'admin.list', title: 'permission.adminList', type: 'button' },
      { identifier: 'admin.edit', title: 'permission.adminEdit', type: 'button' },
      { identifier: 'role.index', title: 'menu.roleIndex', type: 'nav', icon: 'shield', path: 'role', component: 'admin/role' },
      { identifier: 'role.edit', title: 'permission.roleEdit', type: 'button' },
      { identifier: 'company.index', title: 'menu.companyIndex', type: 'nav', icon: 'building', path: 'company', component: 'admin/company' },
      { identifier: 'company.list', title: 'permission.companyList', type: 'button' },
      { identifier: 'company.edit', title: 'permission.companyEdit', type: 'button' },
      { identifier: 'audit.index', title: 'menu.auditIndex', type: 'nav', icon: 'history', path: 'audit', component: 'admin/audit' },
      { identifier: 'audit.list', title: 'permission.auditList', type: 'button' },
    ],
  },
  {
    identifier: 'file',
    title: 'menu.file',
    type: 'nav',
    icon: 'folder',
    path: '/file',
    component: 'Layout',
    children: [
      { identifier: 'file.index', title: 'menu.fileIndex', type: 'nav', icon: 'folder', path: 'index', component: 'file/index' },
      { identifier: 'file.list', title: 'permission.fileList', type: 'button' },
      { identifier: 'file.edit', title: 'permission.fileEdit', type: 'button' },
      { identifier: 'file.uploadImage', title: 'permission.fileUploadImage', type: 'button' },
    ],
  },
  {
    identifier: 'website',
    title: 'menu.website',
    type: 'nav',
    icon: 'globe',
    path: '/website',
    component: 'Layout',
    children: [
      { identifier: 'website.privacyEdit', title: 'menu.websitePrivacy', type: 'nav', icon: 'shield', path: 'privacy', component: 'website/privacy' },
      { identifier: 'website.privacy', title: 'permission.websitePrivacy', type: 'button' },
    ],
  },
];

export interface RoleSeed {
  identifier: string;
  title: string;
  isSuper?: boolean;
  permissions: string[];
}

/** `admin-none` is the role that gets all routes unfiltered (docs/product.md). */
export const roleSeeds: RoleSeed[] = [
  { identifier: 'super-admin', title: 'role.superAdmin', isSuper: true, permissions: [] },
  { identifier: 'admin-none', title: 'role.adminNone', isSuper: true, permissions: [] },
  {
    identifier: 'operator',
    title: 'role.operator',
    permissions: [
      'triviaGame',
      'triviaGame.index',
      'triviaGame.update',
      'triviaGame.start',
      'triviaGame.list',
      'triviaGame.edit',
      'triviaGame.control',
      'notification',
      'notification.index',
      'notification.send',
      'file.uploadImage',
    ],
  },
  {
    identifier: 'viewer',
    title: 'role.viewer',
    permissions: ['triviaGame', 'triviaGame.index', 'triviaGame.update', 'triviaGame.list', 'notification', 'notification.index'],
  },
];

export const defaultCompany = { id: 1, name: 'Default company' };

export function flattenPermissions(tree: PermissionSeed[] = permissionTree): PermissionSeed[] {
  return tree.flatMap((node) => [node, ...flattenPermissions(node.children ?? [])]);
}
