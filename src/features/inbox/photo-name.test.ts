import { describe, expect, it } from 'vitest';
import { namePhotos } from './photo-name';

const at = new Date(2026, 10, 28, 14, 5); // 28 November 2026, 14:05 on the device's clock

describe('a photo for the inbox is named after when it was taken', () => {
  it('replaces the camera’s name, keeps its extension, content and type', async () => {
    const [photo] = namePhotos([new File(['jpeg'], 'image.jpg', { type: 'image/jpeg' })], at);
    expect(photo!.name).toBe('Photo du 28-11-2026 à 14h05.jpg');
    expect(photo!.type).toBe('image/jpeg');
    expect(await photo!.text()).toBe('jpeg');
  });

  it('numbers several photos taken together, and finds the extension from the type when the name has none', () => {
    const files = [new File(['a'], '1764338700000', { type: 'image/jpeg' }), new File(['b'], 'IMG_2041.PNG')];
    expect(namePhotos(files, at).map((f) => f.name)).toEqual([
      'Photo du 28-11-2026 à 14h05 (1).jpg',
      'Photo du 28-11-2026 à 14h05 (2).png',
    ]);
  });
});
