import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import type { AccountInput } from '../hooks/use-account-input';
import { AccountTabs } from './account-field';
import styles from './auth.module.css';

interface AuthPageProps {
  title: string;
  /** The big greeting over the subtitle (login, register); none on the reset screen. */
  welcome?: string;
  subtitle: string;
  input: AccountInput;
  /** The login screen's hero keeps a little more room under it. */
  roomyHero?: boolean;
  children: ReactNode;
}

/** The account screens' page: header, greeting, the e-mail / mobile tabs, then the screen's form. */
export function AuthPage({ title, welcome, subtitle, input, roomyHero = false, children }: AuthPageProps) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <main className={styles.body}>
        <div className={roomyHero ? `${styles.hero} ${styles.heroRoomy}` : styles.hero}>
          {welcome ? <h2 className={styles.welcome}>{welcome}</h2> : null}
          <p className={styles.subtitle}>{subtitle}</p>
        </div>
        <AccountTabs input={input} />
        {children}
      </main>
    </div>
  );
}
