import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  children: ReactNode;
  /** Pages outside the shared layout bring their own main landmark. */
  standalone?: boolean;
}

/** The centred card every account screen sits in. */
export function AuthCard({ title, children, standalone }: AuthCardProps) {
  const card = (
    <div className="row justify-content-center">
      <div className="col-12 col-sm-10 col-md-7 col-lg-5">
        <div className="card shadow-sm my-3">
          <div className="card-body p-4">
            <h1 className="h3 mb-3 text-center">{title}</h1>
            {children}
          </div>
        </div>
      </div>
    </div>
  );
  return standalone ? (
    <main id="main" className="container py-4">
      {card}
    </main>
  ) : (
    card
  );
}
