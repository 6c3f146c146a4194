"""The server's people: who is who (`players`), where each seat finished (`places`), the ratings
(`rating`, `ratings`), the store that keeps them (`store`) and chat (`chat`). It imports only the layer below
it (`server.base`)."""
