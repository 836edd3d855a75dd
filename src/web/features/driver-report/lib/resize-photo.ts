import { DRIVER_PHOTO_MAX_SIDE, DRIVER_PHOTO_QUALITY } from '@shared/driver-reports';

/** A decoded photo, turned upright, with what frees it. */
interface Decoded {
  image: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

async function decodeWithBitmap(file: File): Promise<Decoded> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return { image: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
}

/** Browsers without createImageBitmap (or whose createImageBitmap refuses the file): an <img> turns it upright too. */
function decodeWithImage(file: File): Promise<Decoded> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  return new Promise<Decoded>((resolve, reject) => {
    image.onload = () =>
      resolve({
        image,
        width: image.naturalWidth,
        height: image.naturalHeight,
        close: () => URL.revokeObjectURL(url),
      });
    image.onerror = () => reject(new Error('The photo could not be read'));
    image.src = url;
  }).catch((error: unknown) => {
    URL.revokeObjectURL(url);
    throw error;
  });
}

async function decode(file: File): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      return await decodeWithBitmap(file);
    } catch {
      // Fall through to the <img>.
    }
  }
  return decodeWithImage(file);
}

/** The size a photo is drawn at: its longest side at most DRIVER_PHOTO_MAX_SIDE, never made bigger. */
export function fittedSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, DRIVER_PHOTO_MAX_SIDE / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A photo as the phone sends it: upright, its longest side at most DRIVER_PHOTO_MAX_SIDE pixels, as a JPEG of
 * DRIVER_PHOTO_QUALITY (which also leaves out its location and camera data). A photo the browser cannot read (a
 * HEIC on most browsers) is sent as it is: the server reads it.
 */
export async function resizePhoto(file: File): Promise<Blob> {
  let decoded: Decoded;
  try {
    decoded = await decode(file);
  } catch {
    return file;
  }
  try {
    const size = fittedSize(decoded.width, decoded.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A transparent PNG would turn black as a JPEG.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(decoded.image, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', DRIVER_PHOTO_QUALITY),
    );
    return blob ?? file;
  } catch {
    return file;
  } finally {
    decoded.close();
  }
}

/** The name a photo is sent under: a resized one is a JPEG whatever it was. */
export function sentPhotoName(file: File, sent: Blob): string {
  if (sent === file) return file.name;
  const base = file.name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}
