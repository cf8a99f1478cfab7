import { useProtectedImage } from '@/lib/images/use-protected-image';

/**
 * A round photo (fetched with the token), or the name's initial while there is none. Always shown beside the
 * name it belongs to, so it is decorative: a screen reader would read the name twice.
 */
export function Avatar({
  url,
  name,
  size = 'md',
}: {
  url: string | null | undefined;
  name: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const photo = useProtectedImage(url);
  const className = `avatar avatar--${size}`;
  if (photo.status === 'ready' && photo.src) {
    return <img className={className} src={photo.src} alt="" />;
  }
  return (
    <span
      className={`${className} avatar--empty${photo.status === 'loading' ? ' skeleton' : ''}`}
      aria-hidden="true"
    >
      {photo.status === 'loading' ? '' : (name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
