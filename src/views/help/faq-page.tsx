import { Accordion, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { FAQ, NO_VIDEOS_MESSAGE } from '../../machines/shell/selectors.ts';

/** /faq, Get Help (spec §2.8): the FAQ accordion and the how-to videos section. */
export function FaqPage() {
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <Title order={1}>Get Help</Title>
        <section aria-labelledby="faq-heading">
          <Title order={2} size="h3" id="faq-heading" mb="sm">Frequently asked questions</Title>
          <Accordion variant="separated">
            {FAQ.map((f, i) => (
              <Accordion.Item key={f.question} value={`faq-${i}`}>
                <Accordion.Control>{f.question}</Accordion.Control>
                <Accordion.Panel>{f.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </section>
        <section aria-labelledby="videos-heading">
          <Title order={2} size="h3" id="videos-heading" mb="sm">How-to videos</Title>
          <Paper withBorder p="md">
            <Text c="dimmed">{NO_VIDEOS_MESSAGE}</Text>
          </Paper>
        </section>
      </Stack>
    </Container>
  );
}
