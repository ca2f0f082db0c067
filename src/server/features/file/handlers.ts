/**
 * Operations of the file feature implemented so far: image upload for questions and options.
 * The image is checked by its bytes (images.ts), at most IMAGE_MAX_BYTES, stored under a name the
 * server makes up, and served back by plugins/files.ts at the path this answers.
 */
import type { OperationHandlers } from '../../contract/handlers.js';
import { translate } from '../../i18n.js';
import { FieldErrors } from '../../lib/envelope.js';
import { detectImageType, IMAGE_MAX_BYTES, storeImage } from './images.js';

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const fileHandlers: OperationHandlers = {
  async fileUploadImage(request) {
    const lang = request.lang;
    const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'image') {
      part?.file.resume();
      throw new FieldErrors({ image: [translate(lang, 'upload.imageRequired')] });
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new FieldErrors({ image: [translate(lang, 'upload.imageTooLarge', { limit: megabytes(IMAGE_MAX_BYTES) })] });
      }
      throw error;
    }
    const type = detectImageType(bytes);
    if (!type) throw new FieldErrors({ image: [translate(lang, 'upload.notAnImage')] });
    return { path: await storeImage(request.server.fileStore, bytes, type) };
  },
};
