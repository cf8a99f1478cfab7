import { Spinner } from '@/components/ui/spinner';
import './route-loading.css';

/** A calm placeholder; the spinner fades in late so fast loads never flash. */
export function RouteLoading() {
  return (
    <div className="route-loading fullscreen-center">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}
