/**
 * The file operations, named as the contract's operationIds: the company's file tree (service.ts),
 * uploads streamed into the blob store (upload.ts), downloads streamed out of it, and images for
 * questions (images.ts). Every operation acts on the `Cid` company's tree only.
 */
import type { OperationHandlers } from '../../contract/handlers.js';
import { translate, type MessageKey } from '../../i18n.js';
import { DomainRefusal } from '../../lib/domain-errors.js';
import { FieldErrors, success } from '../../lib/envelope.js';
import { readSmallForm } from '../../lib/small-form.js';
import { requireAuth } from '../access/plugin.js';
import { noteAudit } from '../../lib/audit-note.js';
import { attachmentHeader } from '../../lib/results-file.js';
import { detectImageType, IMAGE_MAX_BYTES, storeImage } from './images.js';
import * as service from './service.js';
import { receiveUpload } from './upload.js';

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const fileHandlers: OperationHandlers = {
  async fileList(request) {
    const directory = service.directoryFrom(request.lang, 'directory', request.body.directory);
    const list = await service.listDirectory(request.server.db, request.lang, request.companyId, directory);
    return { list, total: list.length, upload_limit: request.server.config.uploadLimit };
  },

  async fileMakeDirectory(request) {
    const { adminId } = requireAuth(request);
    const parent = service.directoryFrom(request.lang, 'directory', request.body.directory);
    noteAudit(request, { targetType: 'file' });
    const path = await service.makeDirectory(request.server.db, request.lang, request.companyId, adminId, parent, request.body.name);
    noteAudit(request, { targetId: path, summary: `made directory ${path}` });
    return { path };
  },

  async fileDeleteDirectory(request) {
    const directory = service.directoryFrom(request.lang, 'directory', request.body.directory);
    noteAudit(request, { targetType: 'file', targetId: directory });
    const count = await service.deleteDirectory(request.server.db, request.server.fileStore, request.log, request.companyId, directory);
    noteAudit(request, { summary: `deleted directory ${directory} with ${count} file(s)` });
    return {};
  },

  async fileDelete(request) {
    noteAudit(request, { targetType: 'file' });
    await service.deleteFiles(request.server.db, request.server.fileStore, request.log, request.lang, request.companyId, request.body.paths);
    noteAudit(request, { summary: `deleted ${request.body.paths.join(', ')}`.slice(0, 400) });
    return {};
  },

  async fileDownload(request, reply) {
    const path = service.filePathFrom(request.lang, 'path', request.body.path);
    const file = await service.findFile(request.server.db, request.companyId, path);
    const blob = await request.server.fileStore.get(file.storageKey);
    if (!blob) {
      request.log.error({ path, key: file.storageKey }, 'a file of the tree has no bytes in the store');
      throw new DomainRefusal('file.notFound', { path });
    }
    reply
      .header('content-disposition', attachmentHeader(file.name))
      .header('content-length', String(blob.size))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .type('application/octet-stream');
    // Sent here (a stream, not an envelope); awaiting the reply lets the contract plugin see it sent.
    await reply.send(blob.body);
  },

  async fileUploadFile(request) {
    const { path } = await receiveUpload(request, { directoryRequired: false });
    return success({ path }, 'upload.fileUploaded');
  },

  async fileUploadUnPermission(request) {
    const { path } = await receiveUpload(request, { directoryRequired: true });
    return { realPath: path };
  },

  async fileUploadImage(request) {
    const lang = request.lang;
    const imageError = (key: MessageKey, params?: Record<string, string | number>) => new FieldErrors({ image: [translate(lang, key, params)] });
    // The whole form is read before anything is stored: a form cut off after its image stores nothing.
    const { file } = await readSmallForm(request, {
      fileField: 'image',
      maxBytes: IMAGE_MAX_BYTES,
      tooLarge: () => imageError('upload.imageTooLarge', { limit: megabytes(IMAGE_MAX_BYTES) }),
      oneFile: () => service.fieldError(lang, 'image', 'file.oneFilePerUpload'),
    });
    if (!file) throw imageError('upload.imageRequired');
    noteAudit(request, { summary: `image: ${file.filename}` });
    const type = detectImageType(file.bytes);
    if (!type) throw imageError('upload.notAnImage');
    return { path: await storeImage(request.server.fileStore, request.companyId, file.bytes, type) };
  },
};
