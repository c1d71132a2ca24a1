import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';

/** Shown when a page fails to render or to load (e.g. a chunk missing after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="container py-5 text-center">
      <h1 className="h3">{t('Something went wrong')}</h1>
      <p>{t('Something went wrong.')}</p>
      <Link to="/" className="btn btn-success">
        {t('Go to the home page')}
      </Link>
    </div>
  );
}

type Props = { children: ReactNode; locationKey: string };
type State = { error: unknown; locationKey: string };

/** Catches what a page throws and shows `RouteError` in place of the app until the next navigation. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Another page was opened: try rendering again.
    return props.locationKey === state.locationKey ? null : { error: null, locationKey: props.locationKey };
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
