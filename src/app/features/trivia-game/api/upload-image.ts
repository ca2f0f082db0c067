/**
 * POST /file/uploadImage (multipart field `image`) through the app's upload client, which reports
 * progress and handles the answer as every call's (token refresh and replay, the error catalogue).
 * A 422 comes back as `fields.image`, for the image field to show under itself.
 */
import { upload } from '@/app/api/upload';

/**
 * Uploads one image; `onProgress` gets the sent fraction (0–1), or null while the size is unknown.
 * Resolves with the image's path (`data.path`). Uploads have no timeout.
 */
export async function uploadImage(file: File, onProgress: (fraction: number | null) => void, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append('image', file, file.name);
  const data = await upload('/file/uploadImage', body, {
    onProgress: ({ loaded, total }) => onProgress(total ? loaded / total : loaded === 0 ? 0 : null),
    ...(signal ? { signal } : {}),
  });
  return data.path;
}
