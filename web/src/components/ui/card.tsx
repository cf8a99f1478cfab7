import type { HTMLAttributes, ReactNode } from 'react';
import './card.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'li';
  padding?: 'sm' | 'md' | 'lg';
  children?: ReactNode;
}

export function Card({ as: Tag = 'div', padding = 'md', className, children, ...rest }: CardProps) {
  return (
    <Tag className={['card', `card--pad-${padding}`, className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Tag>
  );
}
