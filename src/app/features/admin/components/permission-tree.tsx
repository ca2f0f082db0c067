/**
 * The permission checkbox tree of the admin dialog (direct permissions) and the role dialog (the role's
 * permissions): one box per menu, its buttons and sub-menus inside. A parent ticks its subtree, a
 * child its ancestors (lib/permission-tree.ts). What the user may not grant is greyed out; what the
 * admin's roles already give (`inherited`) shows ticked with a "via role" mark and cannot be changed
 * here. Without `onChange` the tree is read-only (a super role).
 */
import { Badge, Box, Checkbox, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { checkState, indexTree, type PermissionNode, type TreeIndex, toggleNode } from '../lib/permission-tree';

const NOTHING: ReadonlySet<string> = new Set();
const everything = () => true;

interface PermissionTreeProps {
  tree: readonly PermissionNode[];
  /** The ticked identifiers (direct permissions, or the role's). */
  value: ReadonlySet<string>;
  onChange?: (next: Set<string>) => void;
  /** Whether the user may grant (or take away) this permission. */
  canGrant?: (identifier: string) => boolean;
  /** Held another way (through the admin's roles): shown ticked, not changeable here. */
  inherited?: ReadonlySet<string>;
  testId?: string;
}

interface NodeProps {
  node: PermissionNode;
  index: TreeIndex;
  held: (identifier: string) => boolean;
  changeable: (identifier: string) => boolean;
  value: ReadonlySet<string>;
  inherited: ReadonlySet<string>;
  onToggle: ((identifier: string) => void) | null;
  depth: number;
}

function NodeCheckbox({ node, index, held, changeable, inherited, value, onToggle }: Omit<NodeProps, 'depth'>) {
  const { t } = useTranslation('admin');
  const state = checkState(index, node.identifier, held);
  const subtree = [node.identifier, ...(index.descendantsOf.get(node.identifier) ?? [])];
  const disabled = onToggle === null || !subtree.some(changeable);
  const viaRole = inherited.has(node.identifier) && !value.has(node.identifier);
  return (
    <Checkbox.Root
      size="sm"
      colorPalette="brand"
      checked={state}
      disabled={disabled}
      onCheckedChange={() => onToggle?.(node.identifier)}
      data-testid="permission-node"
      data-identifier={node.identifier}
      title={node.identifier}
      alignItems="flex-start"
      minW="0"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label textStyle="sm" fontWeight={node.type === 'nav' ? 'medium' : 'normal'} minW="0" lineClamp={2}>
        {node.title}
        {viaRole && (
          <Badge size="xs" variant="subtle" colorPalette="gray" ms="1.5" verticalAlign="middle">
            {t('tree.viaRole')}
          </Badge>
        )}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

function TreeNode(props: NodeProps) {
  const { node, index, held, depth } = props;
  const children = node.children ?? [];
  const leaves = children.filter((child) => !child.children?.length);
  const branches = children.filter((child) => child.children?.length);
  const subtree = [node.identifier, ...(index.descendantsOf.get(node.identifier) ?? [])];
  const count = subtree.filter(held).length;

  if (children.length === 0) return <NodeCheckbox {...props} />;
  return (
    <Box
      borderWidth={depth === 0 ? '1px' : '0'}
      borderStartWidth={depth === 0 ? '1px' : '2px'}
      borderColor="border"
      rounded={depth === 0 ? 'md' : 'none'}
      ps={depth === 0 ? '0' : '3'}
      data-testid="permission-group"
    >
      <HStack justify="space-between" gap="2" px={depth === 0 ? '3' : '0'} py="1.5" bg={depth === 0 ? 'bg.muted' : undefined} roundedTop="md">
        <NodeCheckbox {...props} />
        <Text textStyle="xs" color="fg.muted" flexShrink={0} fontVariantNumeric="tabular-nums">
          {count}/{subtree.length}
        </Text>
      </HStack>
      <Stack gap="2" px={depth === 0 ? '3' : '0'} py="2" ps={depth === 0 ? '8' : '5'}>
        {leaves.length > 0 && (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gapX="4" gapY="1.5">
            {leaves.map((leaf) => (
              <TreeNode key={leaf.identifier} {...props} node={leaf} depth={depth + 1} />
            ))}
          </SimpleGrid>
        )}
        {branches.map((branch) => (
          <TreeNode key={branch.identifier} {...props} node={branch} depth={depth + 1} />
        ))}
      </Stack>
    </Box>
  );
}

export function PermissionTree({ tree, value, onChange, canGrant = everything, inherited = NOTHING, testId = 'permission-tree' }: PermissionTreeProps) {
  const index = useMemo(() => indexTree(tree), [tree]);
  const held = (identifier: string) => value.has(identifier) || inherited.has(identifier);
  // What the roles give is not changed here; what the user may not grant is not changed at all.
  const changeable = (identifier: string) => canGrant(identifier) && !inherited.has(identifier);
  const onToggle = onChange ? (identifier: string) => onChange(toggleNode(index, value, identifier, changeable)) : null;

  return (
    <Stack gap="2" data-testid={testId}>
      {tree.map((node) => (
        <TreeNode
          key={node.identifier}
          node={node}
          index={index}
          held={held}
          changeable={changeable}
          value={value}
          inherited={inherited}
          onToggle={onToggle}
          depth={0}
        />
      ))}
    </Stack>
  );
}
