import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { themeFor } from '../lib/theme';

/**
 * Query cache, antd theme and locale (following the i18n language), antd's App context for messages. A language
 * switch invalidates every cached answer: answers carry server texts (review reasons, notices, …) in the language
 * the call asked for (issue #9, docs/api.md "Language of messages"), so they are asked for again in the new one.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en-US' ? enUS : zhCN;
  const answeredIn = useRef(i18n.language);
  useEffect(() => {
    if (answeredIn.current === i18n.language) return;
    answeredIn.current = i18n.language;
    void queryClient.invalidateQueries();
  }, [i18n.language, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themeFor(i18n.language)} locale={locale}>
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
