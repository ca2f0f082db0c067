/**
 * The frame around the file table that takes a file dropped on it: while a file is dragged over it, a
 * dashed overlay says where it will go. Only files are taken; one at a time (more are refused by the
 * caller). Without `enabled` it is a plain frame.
 */
import { Box, Text, VStack } from '@chakra-ui/react';
import { type DragEvent, type ReactNode, useState } from 'react';
import { LuCloudUpload } from 'react-icons/lu';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

interface DropZoneProps {
  enabled: boolean;
  /** Said on the overlay: where a dropped file goes. */
  hint: string;
  onDrop: (files: File[]) => void;
  children: ReactNode;
}

export function DropZone({ enabled, hint, onDrop, children }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  return (
    <Box
      flex="1"
      minW="0"
      position="relative"
      borderWidth="1px"
      rounded="md"
      overflowX="auto"
      data-testid="drop-zone"
      data-dragging={dragging || undefined}
      onDragEnter={(event) => enabled && hasFiles(event) && setDragging(true)}
      onDragOver={(event) => {
        if (!enabled || !hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!enabled || !hasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        onDrop(Array.from(event.dataTransfer.files));
      }}
    >
      {children}
      {dragging && (
        <VStack
          position="absolute"
          inset="0"
          justify="center"
          gap="2"
          bg="bg/85"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor="brand.solid"
          rounded="md"
          color="brand.fg"
          pointerEvents="none"
          textAlign="center"
          px="4"
        >
          <LuCloudUpload size="28" aria-hidden />
          <Text textStyle="sm" fontWeight="medium">
            {hint}
          </Text>
        </VStack>
      )}
    </Box>
  );
}
